export function AdminFeedbackScreen() {
  return <main className="p-8">admin-feedback: under construction</main>;
}
