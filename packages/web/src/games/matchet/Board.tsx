// A placeholder until the matchet screen lands: it lists the legal choices as buttons.
import type { MatchetView, MatchetEvent } from '@matchbox/engine';
import type { BoardProps } from '../types.ts';

export default function Board({ legal, act }: BoardProps<MatchetView, MatchetEvent>) {
  return (
    <div className="board-placeholder" data-game="matchet">
      {legal.map((choice) => (
        <button key={choice.text} type="button" onClick={() => void act(choice.text)}>
          {choice.text}
        </button>
      ))}
    </div>
  );
}
