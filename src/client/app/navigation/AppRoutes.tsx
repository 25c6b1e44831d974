import { Suspense } from "react";
import { Route, Switch } from "wouter";
import { NotFoundPage } from "../pages/NotFoundPage.tsx";
import { PageLoading } from "../pages/PageLoading.tsx";
import { appRoutes, routePatterns } from "./routes.ts";

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {appRoutes.flatMap((route) =>
          routePatterns(route).map((pattern) => (
            <Route key={pattern} path={pattern}>
              <route.page title={route.title} />
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
