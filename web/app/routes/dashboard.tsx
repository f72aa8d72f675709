export function DashboardScreen() {
  return <main className="p-8">dashboard: under construction</main>;
}
