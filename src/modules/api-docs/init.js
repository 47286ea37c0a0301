// Starts Swagger UI on /api/docs from our own bundle (no CDN, works offline). A file, not an
// inline script, so the page's Content-Security-Policy needs no 'unsafe-inline' for scripts.
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: "/api/docs/json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  // The public validator would be an outside request: none.
  validatorUrl: null,
  // "Try it out" calls are our own page's calls: they carry the proof header every /api call needs.
  requestInterceptor: (request) => {
    request.headers["X-Requested-With"] = "plexus";
    return request;
  },
});
