// The root layout of the benchmark's empty App Router page (see ../next.config.mjs).
export default function RootLayout({ children }) {
  return (
    <html lang="es-MX">
      <body>{children}</body>
    </html>
  );
}
