/** The game's small emblem in the lobby (drawn, not an image file), in the game's colour. */
export function Mark() {
  return (
    <>
      {[0, 1, 2].map((r) =>
        [0, 1, 2].map((c) => (
          <rect
            key={`${r}${c}`}
            x={4 + c * 9}
            y={4 + r * 9}
            width="7"
            height="7"
            rx="1.5"
            className={(r + c) % 2 ? 'mark-b' : 'mark-a'}
          />
        )),
      )}
    </>
  );
}
