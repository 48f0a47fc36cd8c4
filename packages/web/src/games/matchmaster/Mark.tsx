/** The game's small emblem in the lobby (drawn, not an image file), in the game's colour. */
export function Mark() {
  return (
    <>
      <rect x="5" y="6" width="14" height="20" rx="2" className="mark-a" />
      <rect x="13" y="8" width="14" height="20" rx="2" className="mark-b" />
    </>
  );
}
