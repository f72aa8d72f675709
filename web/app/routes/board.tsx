export function BoardScreen() {
  return <main className="p-8">board: under construction</main>;
}
