import { useTranslation } from 'react-i18next';
import type { ConnectionState } from './useTable.ts';

/** Online, reconnecting (automatically) or failed, with a shape as well as a colour. */
export function ConnectionBadge({ state }: { state: ConnectionState }) {
  const { t } = useTranslation();
  const symbol = state === 'online' ? '●' : state === 'failed' ? '✕' : '◌';
  return (
    <span className={`badge badge-${state}`} role="status" data-connection={state}>
      <span aria-hidden="true">{symbol}</span> {t(`connection.${state}`)}
    </span>
  );
}
