export default function JoinPage({ tableId }: { tableId: string; invite: string | null }) {
  return <main id="main" className="page" data-table={tableId} />;
}
