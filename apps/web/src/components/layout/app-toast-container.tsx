import { type CloseButtonProps, ToastContainer } from 'react-toastify';
import { t } from '../../i18n/i18n';

/** react-toastify's own close button (same markup and classes), with its label in the page's language. */
function ToastCloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      type="button"
      onClick={(e) => {
        e.stopPropagation();
        closeToast(true);
      }}
      aria-label={t('common.toast.close')}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** The toast options of spec sections 4 and 9: top right, 5000 ms, pause on hover/focus loss, drag 80 %. */
export default function AppToastContainer() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
      newestOnTop
      aria-label={t('common.toast.region')}
      closeButton={ToastCloseButton}
    />
  );
}
