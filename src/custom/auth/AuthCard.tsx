// The frame of the public pages in plain elements styled by public.css (the sign-in page is part of the first
// download, which leaves MUI out).
import './public.css';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { Language } from '../../../contract/constants';
import { APP_NAME, APP_VERSION } from '../../appInfo';
import { useLanguage } from '../../i18n/useLanguage';
import { PublicIcon } from './publicIcons';
import { PageLink } from './publicNavigation';

const LanguageLinks = () => {
  const [language, setLanguage] = useLanguage();
  const item = (value: Language, label: string) => (
    <button
      type="button"
      className="pub-language"
      lang={value}
      aria-pressed={language === value}
      onClick={() => setLanguage(value)}
    >
      {label}
    </button>
  );
  return (
    <div className="pub-languages">
      {item('en', 'English')}
      <span aria-hidden="true">·</span>
      {item('ru', 'Русский')}
    </div>
  );
};

/** The frame of the public pages (sign-in, password reset, …): the product's name and one card. */
export const AuthCard = ({
  title,
  subtitle,
  width = '27rem',
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  width?: string;
  children: ReactNode;
}) => (
  <main className="pub-main">
    <div className="pub-brand">
      <div className="pub-logo">
        <PublicIcon name="memory" />
      </div>
      <p className="pub-name">{APP_NAME}</p>
    </div>
    <div className="pub-card" style={{ maxWidth: width }}>
      <h1 className="pub-title">{title}</h1>
      {subtitle && <p className="pub-subtitle">{subtitle}</p>}
      <div className="pub-body">{children}</div>
    </div>
    <div className="pub-footer">
      <LanguageLinks />
      <span className="pub-caption">v{APP_VERSION}</span>
    </div>
  </main>
);

/** The form's submit button, with a spinner while the call runs. */
export const SubmitButton = ({ label, loading }: { label: string; loading: boolean }) => (
  <button type="submit" className="pub-button" disabled={loading}>
    {loading && <span className="pub-spinner" aria-hidden="true" />}
    {label}
  </button>
);

export const BackToSignIn = () => {
  const translate = useTranslate();
  return (
    <div style={{ marginTop: '1.25rem', textAlign: 'center' }}>
      <PageLink to="/login" className="pub-link">
        {translate('app.auth.back_to_sign_in')}
      </PageLink>
    </div>
  );
};
