// A placeholder until the sweet16 screen lands: it lists the legal choices as buttons.
import type { Sweet16View, Sweet16Event } from '@matchbox/engine';
import type { BoardProps } from '../types.ts';

export default function Board({ legal, act }: BoardProps<Sweet16View, Sweet16Event>) {
  return (
    <div className="board-placeholder" data-game="sweet16">
      {legal.map((choice) => (
        <button key={choice.text} type="button" onClick={() => void act(choice.text)}>
          {choice.text}
        </button>
      ))}
    </div>
  );
}
