import type { StationSummary } from '@cng/shared/client';
import { useEffect, useRef } from 'react';
import type { LonLat } from '../../components/map/lat-lng';
import { t } from '../../i18n/i18n';
import { stationUrl } from './station-actions';
import { StationDetails } from './station-details';

/**
 * Station details over the finder (a modal sheet); Escape or Close returns to the finder, with focus back on
 * the control that opened it.
 */
export function DetailsDialog({
  id,
  known,
  position,
  manualPosition,
  onClose,
}: {
  id: string;
  known: StationSummary | null;
  position: LonLat | null;
  manualPosition: boolean;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    // The control that opened the details: the dialog is unmounted on close, which would drop focus to the
    // page body, so focus goes back to it (as a keyboard or screen-reader user expects).
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="details-dialog"
      aria-label={t('finder.details.dialogLabel')}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="details-dialog__bar">
        <a href={stationUrl(id)} className="details-dialog__link">
          {t('finder.details.openAsPage')}
        </a>
        <button type="button" className="button" onClick={onClose}>
          {t('finder.details.close')}
        </button>
      </div>
      <StationDetails stationId={id} known={known} position={position} manualPosition={manualPosition} />
    </dialog>
  );
}
