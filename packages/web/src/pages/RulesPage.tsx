export default function RulesPage({ game }: { game: string }) {
  return <main id="main" className="page" data-game={game} />;
}
