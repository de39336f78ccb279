import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store.js';

export function DeviceList() {
  const { devices, selected, select, load } = useAppStore(
    useShallow((s) => ({ devices: s.devices, selected: s.selectedSerial, select: s.selectDevice, load: s.loadDevices })),
  );
  if (!devices) return <p>Looking for devices…</p>;
  return (
    <section aria-labelledby="devices-title" className="card">
      <h2 id="devices-title">Devices on {devices.server}</h2>
      {!devices.reachable && (
        <p className="error" role="alert" data-testid="devices-problem">
          {devices.problem}
        </p>
      )}
      {devices.reachable && devices.devices.length === 0 && (
        <p>No devices attached. Plug in a phone, or start the virtual phone under Connect devices.</p>
      )}
      <ul className="plain device-list">
        {devices.devices.map((d) => (
          <li key={d.serial}>
            <label className="radio">
              <input
                type="radio"
                name="device"
                checked={selected === d.serial}
                disabled={d.state !== 'device'}
                onChange={() => select(d.serial)}
                data-testid={`device-${d.serial}`}
              />
              {d.serial} — {d.model ?? 'unknown model'} ({d.state})
            </label>
            {d.inUseBy && (
              <span className="device-in-use" data-testid={`device-in-use-${d.serial}`}>
                {' '}
                In use by {d.inUseBy.purpose}
                {d.inUseBy.thisProcess ? ' (this window)' : ` (process ${d.inUseBy.pid}${d.inUseBy.host ? ` on ${d.inUseBy.host}` : ''})`}
              </span>
            )}
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => void load()}>
        Refresh
      </button>
    </section>
  );
}
