// A Leaflet map of stores: red pins that select a store when clicked (or focused and Enter), the
// user's position as a blue dot. Tiles come from the configured URL; when they cannot load the map
// stays a plain background and the pins still work.
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';

export type MapStore = { id: string; name: string; latitude: number; longitude: number };
type LatLng = { latitude: number; longitude: number };

type StoreMapProps = {
  tileUrl: string | undefined;
  stores: MapStore[];
  center: LatLng;
  user?: LatLng | null;
  userLabel?: string;
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  label: string;
  className?: string;
};

const ATTRIBUTION = '&copy; contributeurs <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function pin(selected: boolean): L.DivIcon {
  const fill = selected ? '#9f1239' : '#e11d48';
  const size = selected ? 38 : 30;
  return L.divIcon({
    className: 'mp-store-pin',
    html: `<svg width="${size}" height="${size}" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7z" fill="${fill}" stroke="#fff" stroke-width="1.5"/><circle cx="12" cy="9" r="2.6" fill="#fff"/></svg>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size - 1],
  });
}

export function StoreMap({ tileUrl, stores, center, user, userLabel, selectedId, onSelect, label, className = '' }: StoreMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const markers = useRef(new Map<string, L.Marker>());
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, { zoomControl: true, attributionControl: true }).setView([center.latitude, center.longitude], 14);
    map.current = instance;
    layer.current = L.layerGroup().addTo(instance);
    // The container may get its final size after the first paint (dialogs, lazy pages).
    const observer = new ResizeObserver(() => instance.invalidateSize());
    observer.observe(container.current);
    return () => {
      observer.disconnect();
      instance.remove();
      map.current = null;
    };
    // The map is created once; later centre changes go through the effect below.
  }, []);

  useEffect(() => {
    if (!map.current || !tileUrl) return;
    const tiles = L.tileLayer(tileUrl, { attribution: ATTRIBUTION, maxZoom: 19 }).addTo(map.current);
    return () => {
      tiles.remove();
    };
  }, [tileUrl]);

  // Markers follow the stores and the user; the view fits them all.
  useEffect(() => {
    const group = layer.current;
    const instance = map.current;
    if (!group || !instance) return;
    group.clearLayers();
    markers.current.clear();
    const points: L.LatLngExpression[] = [];
    if (user) {
      L.circleMarker([user.latitude, user.longitude], { radius: 8, color: '#fff', weight: 3, fillColor: '#2563eb', fillOpacity: 1 })
        .bindTooltip(userLabel ?? '')
        .addTo(group);
      points.push([user.latitude, user.longitude]);
    }
    for (const store of stores) {
      const marker = L.marker([store.latitude, store.longitude], { icon: pin(false), title: store.name, keyboard: true, riseOnHover: true });
      marker.on('click', () => onSelectRef.current?.(store.id));
      // Leaflet makes pins focusable buttons; Enter or Space on a focused pin selects it too.
      marker.on('keypress', (event: L.LeafletKeyboardEvent) => {
        if (event.originalEvent.key === 'Enter' || event.originalEvent.key === ' ') onSelectRef.current?.(store.id);
      });
      marker.addTo(group);
      markers.current.set(store.id, marker);
      points.push([store.latitude, store.longitude]);
    }
    if (points.length > 1) instance.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 16, animate: false });
    else instance.setView([center.latitude, center.longitude], 15, { animate: false });
  }, [stores, user, userLabel, center.latitude, center.longitude]);

  // The selected pin is darker, larger and on top; the view does not move.
  useEffect(() => {
    for (const [id, marker] of markers.current) {
      const selected = id === selectedId;
      marker.setIcon(pin(selected));
      marker.setZIndexOffset(selected ? 1000 : 0);
      marker.getElement()?.setAttribute('aria-pressed', String(selected));
    }
  }, [selectedId, stores]);

  return <div ref={container} role="region" aria-label={label} className={`z-0 h-72 w-full overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 ${className}`} />;
}
