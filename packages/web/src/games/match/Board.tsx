// A placeholder until the match screen lands: it lists the legal choices as buttons.
import type { MatchView, MatchEvent } from '@matchbox/engine';
import type { BoardProps } from '../types.ts';

export default function Board({ legal, act }: BoardProps<MatchView, MatchEvent>) {
  return (
    <div className="board-placeholder" data-game="match">
      {legal.map((choice) => (
        <button key={choice.text} type="button" onClick={() => void act(choice.text)}>
          {choice.text}
        </button>
      ))}
    </div>
  );
}
