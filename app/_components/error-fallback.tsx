/** The generic fallback screen for unexpected errors (spec §2). */
export function ErrorFallback({ digest }: { digest?: string }) {
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-start justify-center gap-4 px-6 py-16">
      <h1 className="text-3xl font-bold text-ink">Unexpected Application Error!</h1>
      <p className="text-muted">Something went wrong while showing this page. Please try again in a moment.</p>
      {digest ? <p className="text-sm text-muted">Reference: {digest}</p> : null}
      {/* A full page load on purpose: the client state that just failed is not reused. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/" className="font-semibold text-brand-700 underline">
        Return to Home
      </a>
    </main>
  );
}
