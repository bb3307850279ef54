import { Component, type ReactNode } from 'react';
import { t } from '../../i18n/i18n';
import './map.css';

/** Keeps the finder working when the map code cannot load (offline before it was cached, blocked script). */
export class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <p className="finder-map finder-map--unavailable" role="status">
          {t('finder.map.failed')}
        </p>
      );
    }
    return this.props.children;
  }
}
