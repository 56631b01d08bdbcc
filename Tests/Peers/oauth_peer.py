"""A real OAuth 2.0 authorization server for Ferry's sign-in tests, built on Authlib (scripts/requirements-oauth.txt)
and Flask, on 127.0.0.1:PORT (the first argument).

Grants: client credentials, password, authorization code (PKCE with S256 or plain), implicit, device authorization
(RFC 8628) and refresh tokens. Clients:

- ferry-app / app-secret: every grant; tokens live an hour.
- ferry-short / short-secret: every grant; tokens live 30 seconds, inside the 60 seconds before expiry when Ferry
  refreshes (so its next use refreshes).
- ferry-public (no secret, client authentication "none"): every grant but client credentials.

Every client authenticates in the header, in the body or (ferry-public) not at all. Every authorization request is
approved at once for the user "ada" (a test has no person to click); a device code is approved by opening its
verification_uri_complete (GET /device?user_code=...). `scope=openid` adds an `id_token` to the token response (not
signed: the server is not an OpenID provider, the field lets `$auth.idToken` be read).

GET /api/me with a bearer token answers the token's client, user and scope (401 for a bad or expired token);
GET /log answers every token endpoint request: grant_type, how the client authenticated, the other parameters
(secrets left out).
"""

import base64
import json
import secrets
import sys
import time

from authlib.integrations.flask_oauth2 import AuthorizationServer, ResourceProtector, current_token
from authlib.oauth2.rfc6749 import ClientMixin, TokenMixin, grants
from authlib.oauth2.rfc6750 import BearerTokenValidator
from authlib.oauth2.rfc6750.token import BearerTokenGenerator
from authlib.oauth2.rfc7636 import CodeChallenge
from authlib.oauth2.rfc8628 import DeviceAuthorizationEndpoint, DeviceCodeGrant, DeviceCredentialDict
from flask import Flask, jsonify, request

ALL_AUTH = ["client_secret_basic", "client_secret_post", "none"]


class Client(ClientMixin):
    def __init__(self, client_id, secret, expires_in, grants_allowed):
        self.client_id = client_id
        self.secret = secret
        self.expires_in = expires_in
        self.grants_allowed = grants_allowed

    def get_client_id(self):
        return self.client_id

    def get_default_redirect_uri(self):
        return None

    def get_allowed_scope(self, scope):
        return scope or ""

    def check_redirect_uri(self, redirect_uri):
        return redirect_uri.startswith(("http://127.0.0.1:", "http://localhost:"))

    def check_client_secret(self, client_secret):
        return self.secret is not None and client_secret == self.secret

    def check_endpoint_auth_method(self, method, endpoint):
        return (method == "none") == (self.secret is None)

    def check_response_type(self, response_type):
        return response_type in ("code", "token")

    def check_grant_type(self, grant_type):
        return grant_type in self.grants_allowed


EVERY_GRANT = {
    "authorization_code", "implicit", "password", "client_credentials", "refresh_token",
    "urn:ietf:params:oauth:grant-type:device_code",
}
CLIENTS = {
    "ferry-app": Client("ferry-app", "app-secret", 3600, EVERY_GRANT),
    "ferry-short": Client("ferry-short", "short-secret", 30, EVERY_GRANT),
    "ferry-public": Client("ferry-public", None, 3600, EVERY_GRANT - {"client_credentials"}),
}
USERS = {"ada": "lovelace"}


class Token(TokenMixin):
    def __init__(self, data, client_id, user, issued_at):
        self.data = data
        self.client_id = client_id
        self.user = user
        self.issued_at = issued_at
        self.revoked = False

    def check_client(self, client):
        return client.get_client_id() == self.client_id

    def get_scope(self):
        return self.data.get("scope", "")

    def get_expires_in(self):
        return self.data.get("expires_in", 0)

    def is_expired(self):
        return time.time() >= self.issued_at + self.get_expires_in()

    def is_revoked(self):
        return self.revoked

    def get_user(self):
        return self.user


ACCESS = {}
REFRESH = {}
CODES = {}
DEVICES = {}
APPROVED = {}
LOG = []


def save_token(token, req):
    user = req.user or None
    entry = Token(dict(token), req.client.get_client_id(), user, time.time())
    ACCESS[token["access_token"]] = entry
    if "refresh_token" in token:
        REFRESH[token["refresh_token"]] = entry


class Generator(BearerTokenGenerator):
    def generate(self, grant_type, client, user=None, scope=None, expires_in=None, include_refresh_token=True):
        token = super().generate(grant_type, client, user, scope, expires_in, include_refresh_token)
        if scope and "openid" in scope.split():
            header = base64.urlsafe_b64encode(b'{"alg":"none"}').rstrip(b"=").decode()
            claims = json.dumps({"sub": user or client.get_client_id(), "aud": client.get_client_id()})
            token["id_token"] = header + "." + base64.urlsafe_b64encode(claims.encode()).rstrip(b"=").decode() + "."
        return token


class AuthorizationCode(dict):
    def get_redirect_uri(self):
        return self["redirect_uri"]

    def get_scope(self):
        return self.get("scope", "")


class CodeGrant(grants.AuthorizationCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ALL_AUTH

    def save_authorization_code(self, code, req):
        CODES[code] = AuthorizationCode(
            code=code, client_id=req.client.get_client_id(), redirect_uri=req.payload.redirect_uri,
            scope=req.payload.scope, user="ada", code_challenge=req.payload.data.get("code_challenge"),
            code_challenge_method=req.payload.data.get("code_challenge_method"))

    def query_authorization_code(self, code, client):
        found = CODES.get(code)
        return found if found and found["client_id"] == client.get_client_id() else None

    def delete_authorization_code(self, authorization_code):
        CODES.pop(authorization_code["code"], None)

    def authenticate_user(self, authorization_code):
        return authorization_code["user"]


class Challenge(CodeChallenge):
    def get_authorization_code_challenge(self, authorization_code):
        return authorization_code.get("code_challenge")

    def get_authorization_code_challenge_method(self, authorization_code):
        return authorization_code.get("code_challenge_method")


class PasswordGrant(grants.ResourceOwnerPasswordCredentialsGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ALL_AUTH

    def authenticate_user(self, username, password):
        return username if USERS.get(username) == password else None


class CredentialsGrant(grants.ClientCredentialsGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ["client_secret_basic", "client_secret_post"]


class RefreshGrant(grants.RefreshTokenGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ALL_AUTH
    INCLUDE_NEW_REFRESH_TOKEN = True

    def authenticate_refresh_token(self, refresh_token):
        found = REFRESH.get(refresh_token)
        return found if found and not found.revoked else None

    def authenticate_user(self, credential):
        return credential.user

    def revoke_old_credential(self, credential):
        credential.revoked = True


class DeviceEndpoint(DeviceAuthorizationEndpoint):
    INTERVAL = 1
    CLIENT_AUTH_METHODS = ALL_AUTH

    def get_verification_uri(self):
        return request.host_url + "device"

    def save_device_credential(self, client_id, scope, data):
        DEVICES[data["device_code"]] = DeviceCredentialDict(client_id=client_id, scope=scope, **data)


class DeviceGrant(DeviceCodeGrant):
    TOKEN_ENDPOINT_AUTH_METHODS = ALL_AUTH

    def query_device_credential(self, device_code):
        return DEVICES.get(device_code)

    def query_user_grant(self, user_code):
        return ("ada", True) if APPROVED.get(user_code) else None

    def should_slow_down(self, credential):
        return False


class Validator(BearerTokenValidator):
    def authenticate_token(self, token_string):
        return ACCESS.get(token_string)


app = Flask(__name__)
server = AuthorizationServer(app, query_client=CLIENTS.get, save_token=save_token)
server.register_token_generator(
    "default",
    Generator(
        lambda **_: secrets.token_urlsafe(30), lambda **_: secrets.token_urlsafe(36),
        lambda client, grant_type: client.expires_in))
server.register_grant(CodeGrant, [Challenge(required=False)])
server.register_grant(grants.ImplicitGrant)
server.register_grant(PasswordGrant)
server.register_grant(CredentialsGrant)
server.register_grant(RefreshGrant)
server.register_grant(DeviceGrant)
server.register_endpoint(DeviceEndpoint)
protect = ResourceProtector()
protect.register_token_validator(Validator())


@app.route("/authorize")
def authorize():
    return server.create_authorization_response(grant_user="ada")


@app.route("/token", methods=["POST"])
def token():
    header = request.headers.get("Authorization", "")
    form = request.form.to_dict(flat=False)
    how = "basic" if header.startswith("Basic ") else ("body" if "client_secret" in form else "none")
    LOG.append({
        "grant_type": request.form.get("grant_type"),
        "client_authentication": how,
        "parameters": {k: v for k, v in form.items() if k not in ("client_secret", "password", "grant_type")},
    })
    return server.create_token_response()


@app.route("/device_authorization", methods=["POST"])
def device_authorization():
    return server.create_endpoint_response(DeviceEndpoint.ENDPOINT_NAME)


@app.route("/device")
def device():
    APPROVED[request.args.get("user_code", "")] = True
    return "Approved."


@app.route("/api/me")
@protect()
def me():
    return jsonify(client=current_token.client_id, user=current_token.user, scope=current_token.get_scope())


@app.route("/log")
def log():
    return jsonify(LOG)


if __name__ == "__main__":
    app.run(host="127.0.0.1", port=int(sys.argv[1]), threaded=True)
