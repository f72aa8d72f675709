export function AuthScreen() {
  return <main className="p-8">auth: under construction</main>;
}
