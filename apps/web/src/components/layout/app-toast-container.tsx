import { ToastContainer } from 'react-toastify';

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
    />
  );
}
