export function ResetPasswordScreen() {
  return <main className="p-8">reset-password: under construction</main>;
}
