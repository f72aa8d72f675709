export function DiscoverScreen() {
  return <main className="p-8">discover: under construction</main>;
}
