/**
 * The Sanity API version the site and the Studio ask for when NEXT_PUBLIC_SANITY_API_VERSION does not name one. A
 * leaf module: the server's environment check, the Studio's configuration and its tools all read it.
 */
export const SANITY_API_VERSION = "2025-10-01";
