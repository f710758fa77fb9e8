import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from '@/app/app';
import './styles.css';

const container = document.getElementById('root');
const app = <App path={window.location.pathname} />;
// The built page arrives prerendered and is hydrated; `npm run dev` serves an empty root and renders it.
if (container?.firstElementChild) hydrateRoot(container, app);
else if (container) createRoot(container).render(app);
