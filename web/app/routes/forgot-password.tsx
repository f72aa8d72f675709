export function ForgotPasswordScreen() {
  return <main className="p-8">forgot-password: under construction</main>;
}
