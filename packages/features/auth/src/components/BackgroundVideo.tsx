import mp4 from '../assets/sign-in-background.mp4';
import poster from '../assets/sign-in-background.jpg';
import webm from '../assets/sign-in-background.webm';
import { useReducedMotion } from '../lib/use-reduced-motion';

/**
 * The full-screen looping, muted background behind the sign-in form (seed §2.3): an abstract
 * purple gradient made for Appforge (see src/assets/README.md). With prefers-reduced-motion the
 * still poster is shown instead and no video is downloaded.
 */
export function BackgroundVideo() {
  const reduced = useReducedMotion();
  if (reduced) {
    return <img className="auth-background" src={poster} alt="" data-testid="sign-in-background" fetchPriority="high" />;
  }
  return (
    <video
      className="auth-background"
      data-testid="sign-in-background"
      poster={poster}
      autoPlay
      loop
      muted
      playsInline
      preload="auto"
      aria-hidden="true"
      tabIndex={-1}
    >
      <source src={webm} type="video/webm" />
      <source src={mp4} type="video/mp4" />
    </video>
  );
}
