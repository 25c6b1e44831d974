import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { usePreloaded } from "../../shared/ui/lazy-load.tsx";
import { NotFoundPage } from "../pages/NotFoundPage.tsx";
import { PageLoading } from "../pages/PageLoading.tsx";
import { type AppRoute, appRoutes, routePatterns } from "./routes.ts";

/** A route's page: rendered at once when its chunk was loaded ahead (the first screen), else lazily. */
function RoutePage({ route }: { route: AppRoute }) {
  const Page = usePreloaded(route.page.component);
  return <Page title={route.title} />;
}

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {appRoutes.flatMap((route) =>
          routePatterns(route).map((pattern) => (
            <Route key={pattern} path={pattern}>
              <RoutePage route={route} />
            </Route>
          )),
        )}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
