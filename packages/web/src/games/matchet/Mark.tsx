/** The game's small emblem in the lobby (drawn, not an image file), in the game's colour. */
export function Mark() {
  return (
    <>
      <polygon points="16,4 28,26 4,26" className="mark-a" />
      <polygon points="16,26 10,15 22,15" className="mark-b" />
    </>
  );
}
