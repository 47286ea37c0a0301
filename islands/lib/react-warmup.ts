/**
 * Nothing but React and React DOM's client, the shared runtime of every island: the sign-in pages
 * (which ship no React themselves) import this at idle, so the first page after sign-in finds the
 * runtime in the cache. The chunks are the ones islands use, with immutable cache headers.
 */
import "react";
import "react-dom/client";
import "react/jsx-runtime";
