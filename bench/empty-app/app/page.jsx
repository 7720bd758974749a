export default function EmptyPage() {
  return (
    <main>
      <h1>Paga a tus proveedores en el extranjero hoy mismo</h1>
    </main>
  );
}
