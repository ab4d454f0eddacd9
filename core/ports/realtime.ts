export interface RealtimeHandlers {
  /** The 'emailVerified' event with a truthy payload (SPEC section 4, D12). */
  onEmailVerified(): void;
}

export interface RealtimeConnection {
  disconnect(): void;
}

/** The socket to the API host, authenticated with the access token (D12). */
export interface Realtime {
  connect(accessToken: string, handlers: RealtimeHandlers): RealtimeConnection;
}
