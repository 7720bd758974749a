/** The Studio's own root layout (the landing pages' layout sets a market language; the Studio is English). */
export default function StudioLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0 }}>{children}</body>
    </html>
  );
}
