export function LandingScreen() {
  return <main className="p-8">landing: under construction</main>;
}
