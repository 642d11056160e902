import { Outlet, ScrollRestoration } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { Footer } from './footer';
import { Navbar } from './navbar';

/** Wraps every route: toasts (5 s auto-close, spec part 2 §9) and scroll restoration. */
export function RootShell() {
  return (
    <>
      <Outlet />
      <ToastContainer autoClose={5000} position="top-right" />
      <ScrollRestoration />
    </>
  );
}

/** Public site pages: navigation bar, page, footer. */
export function SiteLayout() {
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Navbar />
      <div id="main" className="site-main">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}
