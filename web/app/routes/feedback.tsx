export function FeedbackScreen() {
  return <main className="p-8">feedback: under construction</main>;
}
