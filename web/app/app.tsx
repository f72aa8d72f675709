// The screens arrive with the web app issue; until then the page says what the API offers.
export function App() {
  return (
    <main className="mx-auto max-w-2xl p-8 font-sans">
      <h1 className="text-3xl font-bold">Hey, what are you UP2 these days?</h1>
      <p className="mt-4 text-gray-600">
        The Up2 API is running at <code>/api</code>. The screens come next.
      </p>
    </main>
  );
}
