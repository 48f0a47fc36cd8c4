export default function TablePage({ tableId }: { tableId: string }) {
  return <main id="main" className="page" data-table={tableId} />;
}
