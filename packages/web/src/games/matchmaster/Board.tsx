// A placeholder until the matchmaster screen lands: it lists the legal choices as buttons.
import type { MatchMasterView, MatchMasterEvent } from '@matchbox/engine';
import type { BoardProps } from '../types.ts';

export default function Board({ legal, act }: BoardProps<MatchMasterView, MatchMasterEvent>) {
  return (
    <div className="board-placeholder" data-game="matchmaster">
      {legal.map((choice) => (
        <button key={choice.text} type="button" onClick={() => void act(choice.text)}>
          {choice.text}
        </button>
      ))}
    </div>
  );
}
