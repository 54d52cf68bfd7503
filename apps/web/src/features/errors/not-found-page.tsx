import { CenteredFrame } from '../../components/centered-frame';
import { NotFoundContent } from './not-found-content';

/** The 404 screen for any path outside the route table. */
export default function NotFoundPage() {
  return (
    <CenteredFrame logoHref="/dashboard">
      <NotFoundContent />
    </CenteredFrame>
  );
}
