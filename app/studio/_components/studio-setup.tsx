const code = {
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
  fontSize: "0.9em",
  background: "#eef2f7",
  padding: "0.1em 0.3em",
  borderRadius: 4,
};

/** Shown at /studio when no Sanity project is configured: where content comes from and how to connect one. */
export function StudioSetup() {
  return (
    <main
      style={{
        maxWidth: 720,
        margin: "0 auto",
        padding: "3rem 1.5rem",
        fontFamily: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
        lineHeight: 1.6,
        color: "#0b1733",
      }}
    >
      <h1 style={{ fontSize: "1.75rem", lineHeight: 1.25 }}>Sanity Studio is not connected</h1>
      <p>
        No Sanity project is configured, so the site reads its content from{" "}
        <code style={code}>studio/seed/landing.ndjson</code> in the repository (the same GROQ queries, run locally).
        Edit that file and the pages follow.
      </p>
      <h2 style={{ fontSize: "1.25rem", marginTop: "2rem" }}>Connect a Sanity project</h2>
      <ol>
        <li>
          Create a project and a dataset at sanity.io/manage, then set{" "}
          <code style={code}>NEXT_PUBLIC_SANITY_PROJECT_ID</code> and{" "}
          <code style={code}>NEXT_PUBLIC_SANITY_DATASET</code> in <code style={code}>.env.local</code> (see{" "}
          <code style={code}>.env.example</code>).
        </li>
        <li>
          In the project&apos;s API settings, add this site&apos;s origin (for example{" "}
          <code style={code}>http://localhost:3000</code>) to the CORS origins with credentials allowed, so this Studio
          can sign in.
        </li>
        <li>
          Import the seed content once: <code style={code}>npm run seed:import</code>.
        </li>
        <li>
          For draft preview and the Presentation tool, create a Viewer token and set it as{" "}
          <code style={code}>SANITY_API_READ_TOKEN</code>.
        </li>
        <li>Restart the site (or rebuild it): this page becomes the Studio.</li>
      </ol>
      <h2 style={{ fontSize: "1.25rem", marginTop: "2rem" }}>Preview drafts offline</h2>
      <p>
        Add a document whose <code style={code}>_id</code> starts with <code style={code}>drafts.</code> (for example{" "}
        <code style={code}>drafts.landingPage.mx</code>) to the NDJSON file. It stays hidden from visitors; with{" "}
        <code style={code}>npm run dev</code>, open <code style={code}>/api/draft-mode/enable?redirect=/mx</code> to see
        it, and <code style={code}>/api/draft-mode/disable</code> to leave. A production build also needs{" "}
        <code style={code}>DRAFT_MODE_SECRET</code>, passed as <code style={code}>?secret=</code>.
      </p>
    </main>
  );
}

/**
 * Shown at /studio by a production server with no Sanity project: no Studio, and nothing said of how this server
 * keeps its content (the set-up guide above is for a developer's `npm run dev`).
 */
export function StudioUnavailable() {
  return (
    <main
      style={{
        maxWidth: 720,
        margin: "0 auto",
        padding: "3rem 1.5rem",
        fontFamily: "system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
        lineHeight: 1.6,
        color: "#0b1733",
      }}
    >
      <h1 style={{ fontSize: "1.75rem", lineHeight: 1.25 }}>No Studio here</h1>
      <p>This server does not serve the content Studio. Editors: use the Studio address your team gave you.</p>
    </main>
  );
}
