import { useCallback, useEffect, useState } from 'react';

interface OrientationWithCompass extends DeviceOrientationEvent {
  /** Safari's compass heading, degrees from magnetic north, clockwise. */
  webkitCompassHeading?: number;
}

type PermissionRequester = { requestPermission?: () => Promise<'granted' | 'denied'> };

/**
 * The device compass heading in degrees (clockwise from north), or null when there is none. Chrome gives an
 * absolute orientation event; iOS gives webkitCompassHeading after the driver allows motion access.
 */
export function useCompass(enabled: boolean) {
  const [headingDeg, setHeadingDeg] = useState<number | null>(null);
  const requester = (globalThis.DeviceOrientationEvent as unknown as PermissionRequester | undefined) ?? {};
  const needsPermission = typeof requester.requestPermission === 'function';
  // Listen from the start: Chrome delivers events without asking; iOS delivers none until the driver allows it.
  const [allowed, setAllowed] = useState(true);

  useEffect(() => {
    if (!enabled || !allowed || typeof window === 'undefined') return;
    const screenAngle = () => screen.orientation?.angle ?? 0;
    const onAbsolute = (e: DeviceOrientationEvent) => {
      if (e.alpha === null || !e.absolute) return;
      // alpha grows counter-clockwise; a compass heading grows clockwise, corrected for screen rotation.
      setHeadingDeg((360 - e.alpha + screenAngle()) % 360);
    };
    const onWebkit = (e: OrientationWithCompass) => {
      if (typeof e.webkitCompassHeading === 'number')
        setHeadingDeg((e.webkitCompassHeading + screenAngle()) % 360);
    };
    window.addEventListener('deviceorientationabsolute', onAbsolute as EventListener);
    window.addEventListener('deviceorientation', onWebkit as EventListener);
    return () => {
      window.removeEventListener('deviceorientationabsolute', onAbsolute as EventListener);
      window.removeEventListener('deviceorientation', onWebkit as EventListener);
    };
  }, [enabled, allowed]);

  /** iOS only: asks for motion access (must run in a tap handler). */
  const requestAccess = useCallback(async () => {
    if (!requester.requestPermission) return;
    setAllowed((await requester.requestPermission().catch(() => 'denied')) === 'granted');
  }, [requester]);

  return {
    headingDeg: enabled ? headingDeg : null,
    needsPermission: needsPermission && !allowed,
    requestAccess,
  };
}
