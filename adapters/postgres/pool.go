package postgres

import "errors"

var errPoolClosed = errors.New("postgres adapter is closed")
