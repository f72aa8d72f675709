export function EmbedScreen() {
  return <main className="p-8">embed: under construction</main>;
}
