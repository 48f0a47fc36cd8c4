/** The game's small emblem in the lobby (drawn, not an image file), in the game's colour. */
export function Mark() {
  return (
    <>
      <circle cx="16" cy="16" r="11" className="mark-a" />
      <text x="16" y="21" textAnchor="middle" fontSize="13" fontWeight="700" className="mark-text">
        !
      </text>
    </>
  );
}
