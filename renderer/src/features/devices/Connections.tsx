import { useEffect, useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store.js';

/** The built-in virtual phone: start it (its own process) or stop it. */
function VirtualPhone() {
  const s = useAppStore(
    useShallow((st) => ({ phone: st.virtualPhone, busy: st.connecting, start: st.startVirtualPhone, stop: st.stopVirtualPhone })),
  );
  const [locale, setLocale] = useState<'zh' | 'en'>('zh');
  const [count, setCount] = useState(1);
  const ids = useId();
  const running = s.phone?.running ?? false;
  return (
    <section aria-labelledby={`${ids}-t`} className="connection" data-testid="conn-virtual-phone">
      <h3 id={`${ids}-t`}>Virtual phone</h3>
      {running ? (
        <p data-testid="vphone-state">
          Running on {s.phone!.server}: {s.phone!.serials.join(', ')} ({s.phone!.locale === 'zh' ? 'Chinese' : 'English'})
        </p>
      ) : (
        <p className="muted">The built-in phone with the sample tasks&apos; apps, for trying things out without a real phone.</p>
      )}
      <div className="button-row">
        {!running && (
          <>
            <label className="inline">
              Language
              <select value={locale} onChange={(e) => setLocale(e.target.value as 'zh' | 'en')} data-testid="vphone-locale">
                <option value="zh">Chinese</option>
                <option value="en">English</option>
              </select>
            </label>
            <label className="inline">
              Phones
              <select value={count} onChange={(e) => setCount(Number(e.target.value))}>
                {[1, 2, 3, 4].map((n) => (
                  <option key={n}>{n}</option>
                ))}
              </select>
            </label>
          </>
        )}
        <button
          type="button"
          disabled={!!s.busy}
          onClick={() => void (running ? s.stop() : s.start({ count, locale }))}
          data-testid={running ? 'vphone-stop' : 'vphone-start'}
        >
          {running ? 'Stop the virtual phone' : 'Start a virtual phone'}
        </button>
      </div>
    </section>
  );
}

/** The adb servers the device list watches (the setting, as `--adb` gives it on the command line), and `adb connect`. */
function AdbServers() {
  const s = useAppStore(
    useShallow((st) => ({ settings: st.settings, update: st.updateSettings, busy: st.connecting, connect: st.connectNetworkDevice })),
  );
  const [servers, setServers] = useState<string | null>(null);
  const [address, setAddress] = useState('');
  const ids = useId();
  const m = /^\s*([\w.-]+):(\d{1,5})\s*$/.exec(address);
  return (
    <section aria-labelledby={`${ids}-t`} className="connection">
      <h3 id={`${ids}-t`}>ADB servers</h3>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (servers !== null) void s.update({ adbServer: servers }).then(() => setServers(null));
        }}
      >
        <label htmlFor={`${ids}-servers`} className="sr-only">
          ADB servers (host:port, several comma-separated)
        </label>
        <input
          id={`${ids}-servers`}
          value={servers ?? s.settings?.adbServer ?? ''}
          onChange={(e) => setServers(e.target.value)}
          placeholder="127.0.0.1:5037, lab-pc:5037"
          data-testid="adb-servers"
        />
        <button type="submit" disabled={servers === null}>
          Save
        </button>
      </form>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (m) void s.connect(m[1]!, Number(m[2])).then(() => setAddress(''));
        }}
      >
        <label htmlFor={`${ids}-net`} className="sr-only">
          A phone on the network (host:port)
        </label>
        <input
          id={`${ids}-net`}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="phone on the network, e.g. 192.168.1.20:5555"
          data-testid="adb-connect-address"
        />
        <button type="submit" disabled={!m || !!s.busy} data-testid="adb-connect">
          Connect
        </button>
      </form>
    </section>
  );
}

/** A DeviceFarmer STF farm: list its devices, claim one (it joins the device list), give it back. */
function Farm() {
  const s = useAppStore(
    useShallow((st) => ({
      stf: st.stf,
      listed: st.stfDevices,
      busy: st.connecting,
      list: st.listStfDevices,
      claim: st.claimStfDevice,
      release: st.releaseStfDevice,
    })),
  );
  const [url, setUrl] = useState<string | null>(null);
  const ids = useId();
  const farm = url ?? s.stf?.defaultUrl ?? '';
  const held = new Set((s.stf?.claims ?? []).filter((c) => c.url === s.listed?.url).map((c) => c.serial));
  return (
    <section aria-labelledby={`${ids}-t`} className="connection" data-testid="conn-stf">
      <h3 id={`${ids}-t`}>Device farm (STF)</h3>
      {!s.stf?.tokenSet && (
        <p className="muted" data-testid="stf-no-token">
          Start ElderBench with STF_TOKEN set to an access token from your STF (Settings → Keys → Access Tokens); it stays in the backend.
        </p>
      )}
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          if (farm) void s.list(farm);
        }}
      >
        <label htmlFor={`${ids}-url`} className="sr-only">
          Farm address
        </label>
        <input
          id={`${ids}-url`}
          type="url"
          value={farm}
          onChange={(e) => setUrl(e.target.value)}
          placeholder="https://stf.example.org (or set STF_URL)"
          data-testid="stf-url"
        />
        <button type="submit" disabled={!farm || !!s.busy || !s.stf?.tokenSet} data-testid="stf-list">
          List devices
        </button>
      </form>
      {s.listed && (
        <table className="data compact" data-testid="stf-devices">
          <caption className="sr-only">Devices of {s.listed.url}</caption>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {s.listed.devices.map((d) => (
              <tr key={d.serial}>
                <td>
                  <code>{d.serial}</code> {d.model ?? ''} {d.version ? `Android ${d.version}` : ''}
                </td>
                <td>{held.has(d.serial) ? 'claimed here' : d.availability}</td>
                <td>
                  {held.has(d.serial) ? (
                    <button
                      type="button"
                      className="secondary"
                      disabled={!!s.busy}
                      onClick={() => void s.release(s.listed!.url, d.serial)}
                      data-testid={`stf-release-${d.serial}`}
                    >
                      Release
                    </button>
                  ) : (
                    d.free && (
                      <button
                        type="button"
                        disabled={!!s.busy}
                        onClick={() => void s.claim(s.listed!.url, d.serial)}
                        data-testid={`stf-claim-${d.serial}`}
                      >
                        Claim
                      </button>
                    )
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/**
 * Where devices come from, without the command line: the built-in virtual phone, adb servers and
 * phones on the network, and a device farm.
 */
export function Connections({ open }: { open: boolean }) {
  const s = useAppStore(useShallow((st) => ({ load: st.loadConnections, busy: st.connecting })));
  const { load } = s;
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <details className="card connections" open={open} data-testid="connections">
      <summary>
        <h2>Connect devices</h2>
      </summary>
      {s.busy && (
        <p role="status" className="muted" data-testid="connecting">
          {s.busy}…
        </p>
      )}
      <VirtualPhone />
      <AdbServers />
      <Farm />
    </details>
  );
}
