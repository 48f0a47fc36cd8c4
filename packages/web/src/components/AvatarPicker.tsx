/**
 * The face this browser's person wears at the tables it makes or joins: the twelve animals, kept
 * in localStorage. Until one is picked the server gives a free one at each table.
 */
import type { AvatarId } from '@matchbox/client/faces';
import { AVATARS } from '@matchbox/client/faces';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeAvatar, storedAvatar } from '../settings.ts';
import { Avatar } from '../table/Avatar.tsx';

export function AvatarPicker() {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<AvatarId | null>(storedAvatar);
  return (
    <details className="field avatar-field">
      <summary>
        <span>{t('face.avatar')}</span> <Avatar avatar={picked} name="?" size={28} />
      </summary>
      <fieldset className="avatar-picker">
        <legend className="visually-hidden">{t('face.avatar')}</legend>
        {AVATARS.map((a) => (
          <button
            key={a}
            type="button"
            className="avatar-choice"
            aria-pressed={picked === a}
            aria-label={t('face.avatarPick', { animal: t(`avatars.${a}`) })}
            title={t(`avatars.${a}`)}
            onClick={() => {
              setPicked(a);
              storeAvatar(a);
            }}
          >
            <Avatar avatar={a} size={34} />
          </button>
        ))}
      </fieldset>
    </details>
  );
}
