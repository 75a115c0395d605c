// The landing page. It names the service and points to its API.
export default function Home() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-semibold">Room Lobby</h1>
      <p className="mt-4 text-slate-300">
        This server runs the room API under <code className="text-slate-100">/v1</code>. Players reach it through the
        launch address that their operator gives them.
      </p>
      <p className="mt-2 text-slate-300">
        Health check: <a className="text-sky-300 underline" href="/v1">/v1</a>
      </p>
    </main>
  );
}
