"""The review app's routes, one `APIRouter` per area: `auth` (login, logout), `items` (a
reviewer's queue and item forms), `owner` (progress and agreement pages) and `export` (CSV
downloads). They share the dependencies in `deps` (the request's database connection, the
logged-in reviewer, the owner check) and read the app's settings from `app.state`, so
`review.app.create_app` only builds the app and includes them. A new page is a route in one
of these modules (or a new module added to `ROUTERS` in `review/app.py`)."""
