import { RouterProvider } from 'react-router/dom';

import { AppApolloProvider } from '../../apollo/components/AppApolloProvider';
import { appRouter } from '../utils/app-router';

export const App = () => (
  <AppApolloProvider>
    <RouterProvider router={appRouter()} />
  </AppApolloProvider>
);
