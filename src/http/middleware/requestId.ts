import type { RequestHandler } from 'express';
import { newId } from '../../ids.js';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives each request an id, kept from `X-Request-Id` when the caller sent a sane one. */
export const requestId = (): RequestHandler => (req, res, next) => {
  const given = req.get('x-request-id');
  req.requestId = given && ACCEPTABLE.test(given) ? given : newId('req');
  res.setHeader('x-request-id', req.requestId);
  next();
};
