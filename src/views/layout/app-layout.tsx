import { Outlet } from 'react-router-dom';

/** Placeholder: sidebar, top menu and footer are built by the layout issue. */
export function AppLayout() {
  return (
    <main>
      <Outlet />
    </main>
  );
}
